# The first stage writes nothing: `echo x` may die of SIGPIPE (141) in bash too, as the reader exits at once
shopt -s lastpipe
true | (exit 2) | read v
echo "${PIPESTATUS[@]}"
