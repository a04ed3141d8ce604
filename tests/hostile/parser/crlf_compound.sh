# A CRLF `if`: `fi\r` is not `fi`, so the script ends unterminated.
# generate: "if true; then\r\n" " echo x\r\n" "fi\r\n"
# expect-stop: none
# expect-status: 2
# expect-stdout-empty:
# expect-stderr-contains: syntax error: unexpected end of file
