exec 15>f
exec 16>&15
echo a >&16
echo b >&15
exec 15>&- 16>&-
cat f
echo c >&16 2>/dev/null || echo "16 closed"
