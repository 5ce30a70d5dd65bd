/** What the sign-in screens say, word for word where SPEC §5 and §8 quote it. */
export const authTexts = {
  mismatch: "passwords do not match",
  emailInUse: "Cannot create user, email already in use",
  signInFailed: "That email and password do not match an account. Please try again.",
  tooMany: "Too many attempts. Please wait a few minutes and try again.",
  missingFields: "Please fill in all four fields.",
  badFields: "Please use a display name of at most 100 characters and a plain email address.",
  badEmail: "Please enter a valid email address, like name@example.com.",
  googleFailed: "Google sign-in did not complete. Please try again.",
  googleEmailInUse: "An account with this email already exists. Please sign in with your email and password.",
  googleSignedIn: "You are signed in. You can close this window.",
};
