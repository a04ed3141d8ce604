printf 'a\nx\0a\ny\0' | uniq -z -f1 | sed 's/\x0/<NUL>/g'; echo
printf 'k\n1\0k\n1\0' | uniq -z -c -f1 | sed 's/\x0/<NUL>/g'; echo
