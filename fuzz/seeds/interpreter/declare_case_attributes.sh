declare -u up=abc
declare -l low=ABC
echo $up $low
up=xyz
echo $up
