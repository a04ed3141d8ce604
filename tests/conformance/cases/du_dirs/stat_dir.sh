mkdir -p d/e; stat -c "%s %b %B %F" d
