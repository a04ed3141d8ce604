# Removing the working directory's own mount, by name and through `..`.
# expect-stop: none
# expect-stdout: /workspace
# expect-stderr-contains: rm: cannot remove '../workspace': Device or resource busy
cd /workspace
rm -rf ../workspace /workspace
pwd
