v='abcabc'
echo "${v/#abc/X} ${v/%abc/Y}"
