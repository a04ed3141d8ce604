# print > file, >> file, close, reading it back with getline.
printf 'a\nb\nc\n' | awk '{ print NR, $0 > "out.txt" } END { close("out.txt"); while ((getline line < "out.txt") > 0) print "read:", line; close("out.txt") }'
awk 'BEGIN { print "more" >> "out.txt" }'
cat out.txt
awk 'BEGIN { printf "x" > "f1"; printf "y" > "f1"; close("f1"); getline v < "f1"; print v }'
rm -f out.txt f1
