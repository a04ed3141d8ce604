env FOO_ENV=bar printenv FOO_ENV
