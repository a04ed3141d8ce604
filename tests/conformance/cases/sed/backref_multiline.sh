printf "ab\nab\ncd\n" > f
sed -n "N;/\(ab\)\n\1/p" f
sed "N;N;s/\(.*\)\n\1/\1 twice/" f
