dirname /usr/lib/
