//! chess core.
