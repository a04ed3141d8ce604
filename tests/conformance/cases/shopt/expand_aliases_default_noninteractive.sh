shopt -p expand_aliases
shopt -p extglob
