# Commands started by other commands (env, xargs, timeout, nice) find an
# executable file through PATH as the shell does.
mkdir bin
printf 'echo "greet $1"\n' > bin/greet
chmod +x bin/greet
PATH=$PWD/bin:$PATH
env greet a
echo x | xargs greet
timeout 5 greet b
nice greet c
env PATH=/usr/bin greet d 2>/dev/null
echo "not in that PATH: $?"
