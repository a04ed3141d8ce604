exec {fd}>out.txt
echo "via named" >&$fd
exec {fd}>&-
cat out.txt
