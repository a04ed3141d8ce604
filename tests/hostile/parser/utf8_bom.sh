# A UTF-8 byte-order mark glued to the first command.
# generate: "\xef\xbb\xbfecho hi\n"
# expect-stop: none
# expect-status: 127
# expect-stderr-contains: \xef\xbb\xbfecho: command not found
