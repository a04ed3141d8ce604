# An error in a substring's offset or length names the parameter; an
# unset parameter or an empty array has no offset evaluated.
v=abc
(echo "${v:1/0}") 2>&1
(echo "${v:1:x+}") 2>&1
a=(1 2)
(echo "${a[@]:1/0}") 2>&1
set -- p q
(echo "${@:2/0}") 2>&1
echo "[${unset_var:1/0}] [${unset_var:1:2/0}]"
e=()
echo "[${e[@]:1/0}]"
echo "${v:1} ${a[@]:1}"
