// The app's tests use the shared test support (the one polling helper `eventually`, the
// `AsyncGate`) through this module, as they use the loopback server through it.
@_exported import ZhiXiTestSupport
