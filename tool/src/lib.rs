//! What a host talks to: a sandbox bundles a VFS, the utilities and a shell session.
