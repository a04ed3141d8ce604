touch a1 a2 a10
echo a?
echo a??
