# check-stderr
printf 'A\n' > f
printf 'x\n' | iconv -f ASCII -t UTF-8 - -; echo "status $?"
printf 'x\n' | iconv --verbose -f ASCII -t UTF-8 f - 2>&1; echo "status $?"
printf 'x\n' | iconv --verbose -f ASCII -t UTF-8; echo "status $?"
