printf 'a\n\0b\n' > bin
unix2dos -f -q bin; echo "status $?"
od -c bin
