printf 'x\ny\n' | bzip2 | bunzip2; echo "status $?"
printf 'abc\n' > f; bzip2 f
bunzip2 -c f.bz2; echo "status $?"; ls
bunzip2 < f.bz2; bunzip2 -c - < f.bz2
