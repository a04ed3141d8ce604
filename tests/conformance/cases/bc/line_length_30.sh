echo '2^200' | BC_LINE_LENGTH=30 bc
