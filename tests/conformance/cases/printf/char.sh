printf '%c%c\n' hello world
