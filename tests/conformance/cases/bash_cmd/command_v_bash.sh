command -v bash; command -v sh
type sh
