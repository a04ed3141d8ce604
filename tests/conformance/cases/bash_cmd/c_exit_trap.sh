bash -c 'trap "echo bye" EXIT; echo hi'
