help | tail -n +2 | head -14
enable -n echo
help | grep -F '*echo'
