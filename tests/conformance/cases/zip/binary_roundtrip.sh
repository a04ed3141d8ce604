printf '\0\001\377\n\0' > bin
zip -q t.zip bin; mkdir x; unzip -q t.zip -d x; od -c x/bin
