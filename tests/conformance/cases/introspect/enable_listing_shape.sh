enable | head -3
enable -n echo
enable -n | head -2
