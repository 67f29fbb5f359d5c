// Test support for the policy tests: a decision's outcome as one comparable line.
import { AppError } from "../lib/errors.js";

/** "allowed" when `f` returns; "<status> <code> <message>" when it throws an AppError. */
export function verdict(f: () => void): string {
  try {
    f();
    return "allowed";
  } catch (err) {
    if (err instanceof AppError) return `${err.statusCode} ${err.code} ${err.message}`;
    throw err;
  }
}
