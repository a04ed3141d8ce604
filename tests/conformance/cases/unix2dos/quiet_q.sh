printf 'a\nb\n' > f
unix2dos -q f; echo "status $?"
od -c f
