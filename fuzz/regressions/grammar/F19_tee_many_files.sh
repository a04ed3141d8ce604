shopt -s extglob
tee {0..99999}aa
