printf "aabbcc abab\naaaa\nxyz\n" > f
sed "s/\(a\)\1/x/g" f
sed "s/\(.\)\1/<\1>/g" f
