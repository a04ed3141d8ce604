v='hello World'
echo "${v@U} ${v@u} ${v@L}"
