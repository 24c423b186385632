// Generated from api-gateway/public-api/2026-11-01.json by `npm run generate --prefix packages/api-sdk` (openapi-typescript): do not edit.

/** The public API version these types describe: the client sends it as `Sidequest-Version`. */
export const PUBLIC_API_VERSION = '2026-11-01';

export interface paths {
    "/api/applications/{joinId}/checkin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** 스프린트 오늘의 체크인 */
        post: {
            parameters: {
                query?: never;
                header?: {
                    "Sidequest-Version"?: string;
                    "Idempotency-Key"?: string;
                };
                path: {
                    joinId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description 실패: ErrorCode와 한국어 message */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ErrorCode: string;
                            message: string;
                        };
                    };
                };
                /** @description 실패: ErrorCode와 한국어 message */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ErrorCode: string;
                            message: string;
                        };
                    };
                };
                /** @description 실패: ErrorCode와 한국어 message */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ErrorCode: string;
                            message: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cohorts/{oddId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** 기수 상세 */
        get: {
            parameters: {
                query?: never;
                header?: {
                    "Sidequest-Version"?: string;
                };
                path: {
                    oddId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description 실패: ErrorCode와 한국어 message */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ErrorCode: string;
                            message: string;
                        };
                    };
                };
                /** @description 실패: ErrorCode와 한국어 message */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ErrorCode: string;
                            message: string;
                        };
                    };
                };
                /** @description 실패: ErrorCode와 한국어 message */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ErrorCode: string;
                            message: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cohorts/{oddId}/applicants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** 기수별 직군 지원자 수 (직군 공급) */
        get: {
            parameters: {
                query?: never;
                header?: {
                    "Sidequest-Version"?: string;
                };
                path: {
                    oddId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description 실패: ErrorCode와 한국어 message */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ErrorCode: string;
                            message: string;
                        };
                    };
                };
                /** @description 실패: ErrorCode와 한국어 message */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ErrorCode: string;
                            message: string;
                        };
                    };
                };
                /** @description 실패: ErrorCode와 한국어 message */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ErrorCode: string;
                            message: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/findByIdMyinfo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** 내 커리어 카드 정보 */
        get: {
            parameters: {
                query?: never;
                header?: {
                    "Sidequest-Version"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description 실패: ErrorCode와 한국어 message */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ErrorCode: string;
                            message: string;
                        };
                    };
                };
                /** @description 실패: ErrorCode와 한국어 message */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ErrorCode: string;
                            message: string;
                        };
                    };
                };
                /** @description 실패: ErrorCode와 한국어 message */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ErrorCode: string;
                            message: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/join/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** 내 지원 내역 */
        get: {
            parameters: {
                query?: never;
                header?: {
                    "Sidequest-Version"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description 실패: ErrorCode와 한국어 message */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ErrorCode: string;
                            message: string;
                        };
                    };
                };
                /** @description 실패: ErrorCode와 한국어 message */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ErrorCode: string;
                            message: string;
                        };
                    };
                };
                /** @description 실패: ErrorCode와 한국어 message */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ErrorCode: string;
                            message: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** 프로그램 목록과 모집 중인 기수 */
        get: {
            parameters: {
                query?: never;
                header?: {
                    "Sidequest-Version"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description 실패: ErrorCode와 한국어 message */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ErrorCode: string;
                            message: string;
                        };
                    };
                };
                /** @description 실패: ErrorCode와 한국어 message */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ErrorCode: string;
                            message: string;
                        };
                    };
                };
                /** @description 실패: ErrorCode와 한국어 message */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ErrorCode: string;
                            message: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/{productIdOrSlug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** 프로그램 상세 */
        get: {
            parameters: {
                query?: never;
                header?: {
                    "Sidequest-Version"?: string;
                };
                path: {
                    productIdOrSlug: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description 실패: ErrorCode와 한국어 message */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ErrorCode: string;
                            message: string;
                        };
                    };
                };
                /** @description 실패: ErrorCode와 한국어 message */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ErrorCode: string;
                            message: string;
                        };
                    };
                };
                /** @description 실패: ErrorCode와 한국어 message */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ErrorCode: string;
                            message: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/profile/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** 공개 커리어 카드 */
        get: {
            parameters: {
                query?: never;
                header?: {
                    "Sidequest-Version"?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description 실패: ErrorCode와 한국어 message */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ErrorCode: string;
                            message: string;
                        };
                    };
                };
                /** @description 실패: ErrorCode와 한국어 message */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ErrorCode: string;
                            message: string;
                        };
                    };
                };
                /** @description 실패: ErrorCode와 한국어 message */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ErrorCode: string;
                            message: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/updateMyinfo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** 내 커리어 카드 정보 수정 */
        post: {
            parameters: {
                query?: never;
                header?: {
                    "Sidequest-Version"?: string;
                    "Idempotency-Key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        jobCode?: string;
                        positionCode?: string | null;
                        yearCode?: string;
                        intro?: string;
                        /** Format: uuid */
                        imgId?: string | null;
                        /** @enum {string} */
                        onboardingStep?: "job" | "career" | "intro" | "cover" | "skills" | "project" | "done";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description 실패: ErrorCode와 한국어 message */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ErrorCode: string;
                            message: string;
                        };
                    };
                };
                /** @description 실패: ErrorCode와 한국어 message */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ErrorCode: string;
                            message: string;
                        };
                    };
                };
                /** @description 실패: ErrorCode와 한국어 message */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ErrorCode: string;
                            message: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
