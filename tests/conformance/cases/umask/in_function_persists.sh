f() { umask 066; }
umask 022; f; umask
g() { local x; umask 007; }; g; umask
