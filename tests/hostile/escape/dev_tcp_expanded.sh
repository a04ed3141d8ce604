# /dev/tcp paths built at run time are refused too; odd spellings that
# bash itself does not treat as network paths are plain missing files.
# Either way nothing connects.
# expect-stop: none
# expect-status: 1
# expect-stderr-contains: /dev/tcp/127.0.0.1/80: network access is not available in the sandbox
# expect-stderr-contains: /dev//tcp/127.0.0.1/80: No such file or directory
h=127.0.0.1 p=80 d=/dev
echo x > "$d/tcp/$h/$p"
echo x > /dev//tcp/127.0.0.1/80
