# The whole visible tree at the top: four directories, and only the
# sandbox's devices.
# expect-stop: none
# expect-stdout: dev
# expect-stdout: home
# expect-stdout: tmp
# expect-stdout: workspace
# expect-stdout: /dev/fd /dev/null /dev/random /dev/stderr /dev/stdin /dev/stdout /dev/urandom /dev/zero /home/agent
ls -A /
echo /*/*
