v=abc
echo "${v//}"
echo "${v/#/pre-}"
