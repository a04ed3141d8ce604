touch .hidden visible
echo *
shopt -s dotglob
echo *
