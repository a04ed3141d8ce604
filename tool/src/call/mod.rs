//! One call of the native `bash` tool: the request, its checks and
//! rewrites, the run, and the result object.

pub mod normalize;
pub mod refs;
pub mod request;
pub mod result;
pub mod run;

pub use normalize::Normalization;
pub use request::CallRequest;
pub use result::{CallError, CallFacts, CallResult, Truncation, texts};
pub use run::{CallContext, execute};
