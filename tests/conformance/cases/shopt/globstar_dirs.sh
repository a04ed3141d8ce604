mkdir -p a/b/c
shopt -s globstar
printf '%s\n' a/**
