# `find -exec true \;` over a few thousand files runs one command for
# each of them, and each counts against the command limit like a command
# the script ran itself.
# expect-stop: commands
# expect-max-seconds: 3
mkdir -p /tmp/t && cd /tmp/t
touch f{1..1500}
find . -exec true \;
