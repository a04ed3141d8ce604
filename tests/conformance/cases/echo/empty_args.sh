echo '' ''
echo "" | od -An -c
