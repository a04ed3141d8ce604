shopt -s nullglob dotglob
shopt nullglob dotglob
shopt -u nullglob dotglob
shopt -p nullglob dotglob
