echo '2^300' | BC_LINE_LENGTH=0 bc
