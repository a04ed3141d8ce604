# A NUL byte in the script text. bash refuses such a script file as
# binary ("cannot execute binary file", status 126); the sandbox must at
# least never run the bytes after the NUL as a different command.
# generate: "echo a\0b\n" "echo after\n"
# expect-stop: none
# expect-status: 126
# expect-stdout-empty:
# expect-stderr-contains: cannot execute binary file
