//! bridge core.
