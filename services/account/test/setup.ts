import { generateJwtKeys } from '@sq/service-kit';

// Each test worker signs with its own throwaway key pair.
const keys = generateJwtKeys();
process.env.JWT_PRIVATE_KEY = keys.privateKey;
process.env.JWT_PUBLIC_KEY = keys.publicKey;
