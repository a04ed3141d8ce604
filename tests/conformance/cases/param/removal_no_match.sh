v=abc
echo ${v#x} ${v%z} ${v##} ${v%%}
