shopt -p extglob nullglob
