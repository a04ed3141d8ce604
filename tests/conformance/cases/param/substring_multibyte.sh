export LC_ALL=C.UTF-8
v='日本語テキスト'
echo "${v:2:3}"
