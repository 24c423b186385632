import fp from 'fastify-plugin';
import jwt from '@fastify/jwt';
import { TOKEN_AUDIENCE, TOKEN_ISSUER, type UserRole } from '@sq/contracts';
import { JWT_ALGORITHM, readJwtKeys } from '@sq/service-kit';

/** Access tokens are short-lived; the gateway swaps in a fresh one once less than half the time is left. */
export const refreshWhenSecondsLeft = (accessTokenSeconds: number) => Math.floor(accessTokenSeconds / 2);

declare module 'fastify' {
  interface FastifyInstance {
    issueAccessToken(claims: { userId: number; role: UserRole; sid: string }): string;
  }
}

export default fp(
  async (app) => {
    const keys = readJwtKeys();
    if (!keys.privateKey) throw new Error('JWT_PRIVATE_KEY is not set: the account service signs access tokens.');
    await app.register(jwt, {
      secret: { private: keys.privateKey, public: keys.publicKey },
      sign: {
        algorithm: JWT_ALGORITHM,
        iss: TOKEN_ISSUER,
        aud: TOKEN_AUDIENCE,
        expiresIn: `${app.accountConfig.accessTokenSeconds}s`,
      },
    });
    app.decorate('issueAccessToken', ({ userId, role, sid }) =>
      app.jwt.sign({ sub: String(userId), role, sid } as never),
    );
  },
  { name: 'tokens', dependencies: ['account-config'] },
);
