echo 'hello, world!' | tr -c '[:alpha:]\n' _
