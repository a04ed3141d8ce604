# check-stderr
printf 'plain\n' > p; printf 'one\n' | bzip2 > a.bz2
bzcat -f p a.bz2; echo "status $?"
bzip2 -dcf p; echo "status $?"
bzcat -t a.bz2; echo "status $?"
bzip2 -ct a.bz2; echo "status $?"
bunzip2 -tc a.bz2; echo "status $?"
